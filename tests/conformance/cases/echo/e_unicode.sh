echo -e '\u00e9' | od -An -tx1
