import { authCard } from '~/messages/auth';
import type { PasswordStrength } from '~/lib/password-strength';

const meterColors = ['bg-red-600', 'bg-red-600', 'bg-orange-500', 'bg-amber-500', 'bg-emerald-600', 'bg-emerald-700'];

/** The new password's strength (SPEC §5): five bars, its label and what to improve, read politely. */
export function PasswordMeter({
  id,
  password,
  strength,
}: {
  id: string;
  password: string;
  strength: PasswordStrength;
}) {
  return (
    <div id={id} aria-live="polite" className="space-y-2">
      <div className="flex gap-1" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((step) => (
          <span
            key={step}
            className={`h-1.5 flex-1 rounded-full ${password && strength.score >= step ? meterColors[strength.score] : 'bg-slate-200'}`}
          />
        ))}
      </div>
      {password && (
        <>
          <p className="text-sm text-slate-700">
            {authCard.strength}: <strong className="font-semibold text-slate-900">{strength.label}</strong>
          </p>
          {strength.feedback.length > 0 && (
            <ul className="list-disc space-y-0.5 pl-5 text-sm text-slate-700">
              {strength.feedback.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
