/** Evaluates the renderer's CSP with the evaluator electronegativity itself uses (it cannot see a computed header). */
import { createRequire } from 'node:module';

/** One CSP weakness. */
export interface CspFinding {
  severity: 'high' | 'medium' | 'maybe' | 'info';
  directive: string;
  description: string;
}

interface RawCspFinding {
  severity: number;
  directive: string;
  description: string;
}
interface CspEvaluatorModule {
  CspParser: new (policy: string) => { csp: unknown };
  CspEvaluator: new (csp: unknown, version: unknown) => { evaluate(): RawCspFinding[] };
  Version: { CSP3: unknown };
  severities: Record<string, number>;
}

/** Findings of the policy; `high` and `medium` (and syntax errors, reported as high) fail the check. */
export function evaluateCsp(policy: string): CspFinding[] {
  const csp = createRequire(import.meta.url)('@doyensec/csp-evaluator') as CspEvaluatorModule;
  const levels = csp.severities;
  const findings = new csp.CspEvaluator(new csp.CspParser(policy).csp, csp.Version.CSP3).evaluate();
  return findings.map((finding) => {
    const severity: CspFinding['severity'] =
      finding.severity === levels.HIGH || finding.severity === levels.SYNTAX
        ? 'high'
        : finding.severity === levels.MEDIUM
          ? 'medium'
          : finding.severity === levels.HIGH_MAYBE || finding.severity === levels.MEDIUM_MAYBE
            ? 'maybe'
            : 'info';
    return { severity, directive: finding.directive, description: finding.description };
  });
}
