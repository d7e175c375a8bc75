import { Notice } from '../../../components/ui/notice';
import { SwitchField } from '../../../components/ui/switch-field';
import { de } from '../../../i18n/de';
import { useWebPush } from '../../../lib/use-web-push';

/** Web Push on this device: asked for only when the member turns it on here. */
export function PushSection() {
  const push = useWebPush();
  return (
    <section className="card settings-section" aria-labelledby="settings-push">
      <h2 id="settings-push" className="settings-section__title">
        {de.push.title}
      </h2>
      {push.state === 'unsupported' ? (
        <Notice tone="info">{de.push.unsupported}</Notice>
      ) : (
        <SwitchField
          label={de.push.toggle}
          hint={de.push.hint}
          checked={push.state === 'on'}
          disabled={push.busy || push.state === 'loading' || push.state === 'denied'}
          onChange={(e) => void (e.target.checked ? push.enable() : push.disable())}
          data-testid="push-toggle"
        />
      )}
      {push.state === 'denied' ? <Notice tone="warning">{de.push.denied}</Notice> : null}
      {push.error ? <Notice tone="error">{push.error}</Notice> : null}
    </section>
  );
}
