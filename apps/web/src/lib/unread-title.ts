const PREFIX = /^\(\d+\) /;

/** 'Funkeln – Dating mit Funken' with 3 unread becomes '(3) Funkeln – Dating mit Funken'; 0 drops the prefix. */
export function titleWithUnread(title: string, count: number): string {
  const plain = title.replace(PREFIX, '');
  return count > 0 ? `(${count}) ${plain}` : plain;
}
