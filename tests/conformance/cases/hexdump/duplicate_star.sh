printf '%048d' 0 | hexdump -C
printf '%048d' 0 | hexdump -C -v
