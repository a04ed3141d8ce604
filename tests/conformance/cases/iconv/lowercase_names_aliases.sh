printf 'caf\303\251\n' | iconv -f utf-8 -t latin1 | od -An -tx1
printf 'caf\303\251\n' | iconv -f UTF8 -t ISO_8859-1 | od -An -tx1
printf 'caf\303\251\n' | iconv --from-code=UTF-8 --to-code=ISO-8859-1 | od -An -tx1
