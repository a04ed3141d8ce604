# iconv transliterates an endless stream, each 3-byte character growing
# to 4 bytes (`(TM)`): it converts chunk by chunk, so the output limit
# stops it with what was converted kept, and memory stays flat.
# limit: max_output=1M
# expect-stop: output
# expect-stdout-prefix: (TM)\n(TM)\n
# expect-stdout-bytes: 512K..1M
yes '™' | iconv -f UTF-8 -t ASCII//TRANSLIT
