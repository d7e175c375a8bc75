import { Notice } from '../../../components/ui/notice';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';

interface ActionResultProps {
  result: { isSuccess: boolean; isError: boolean; data?: { message: string } | undefined; error: unknown };
}

/** The server's answer to the last moderation action of a list. */
export function ActionResult({ result }: ActionResultProps) {
  if (result.isSuccess && result.data) return <Notice tone="success">{result.data.message}</Notice>;
  if (result.isError) return <Notice tone="error">{errorMessage(result.error, de.admin.actionFailed)}</Notice>;
  return null;
}
