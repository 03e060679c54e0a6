export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export function layout(preheader: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Privy</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1e293b">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="100%" style="max-width:560px;background:#fff;border-radius:12px" cellpadding="0" cellspacing="0">
<tr><td style="padding:24px 28px 8px;font-size:22px;font-weight:800;color:#0c8599">Privy</td></tr>
<tr><td style="padding:8px 28px 24px;font-size:16px;line-height:1.5">${body}</td></tr>
</table>
<p style="font-size:12px;color:#64748b">Privy · private bathrooms by the quarter hour</p>
</td></tr></table></body></html>`;
}
