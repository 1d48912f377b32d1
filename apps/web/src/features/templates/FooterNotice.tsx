import { templateEndpoints } from '@dialwise/contracts';
import { Link } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

/** The domain-not-filed notice, when the server is configured with one (FOOTER_NOTICE; off by default). */
export function FooterNotice() {
  const notice = useQuery({
    queryKey: ['site', 'footer-notice'],
    queryFn: async () => api(templateEndpoints.footerNotice),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!notice.data) return null;
  return (
    <div className="footer-notice" data-testid="footer-notice">
      {notice.data.link ? (
        <Link href={notice.data.link} target="_blank" rel="noreferrer">
          {notice.data.text}
        </Link>
      ) : (
        notice.data.text
      )}
    </div>
  );
}
