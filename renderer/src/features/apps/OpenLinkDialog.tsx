/** An app asked to open a link: the user sees where it goes (with the URL elicitation's warnings) and decides. */
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../common/ConfirmDialog.tsx';
import { useOpenExternal } from '../common/openExternal.ts';
import { reviewUrl } from '../elicitation/model/urlSafety.ts';
import { UrlPreview } from '../elicitation/UrlPreview.tsx';

/** A pending open-link request; `resolve(true)` once opened, `false` when declined. */
export interface LinkRequest {
  url: string;
  resolve: (opened: boolean) => void;
}

/** The confirmation for one request (closed when there is none). */
export function OpenLinkDialog({ request, onDone }: { request: LinkRequest | undefined; onDone: () => void }) {
  const { t } = useTranslation('apps');
  const open = useOpenExternal();
  const review = request ? reviewUrl(request.url) : undefined;
  const finish = (opened: boolean) => {
    request?.resolve(opened);
    onDone();
  };
  return (
    <ConfirmDialog
      open={request !== undefined}
      onOpenChange={(next) => {
        if (!next) finish(false);
      }}
      title={t('openLink.title')}
      description={review ? <UrlPreview review={review} label={t('openLink.goesTo')} /> : null}
      confirmLabel={t('openLink.open')}
      danger={false}
      onConfirm={async () => {
        if (!request || !review?.openable) return false;
        const opened = await open(request.url);
        request.resolve(opened.ok);
        onDone();
        return true;
      }}
    />
  );
}
