# `xxd -r` on a stream fills a forward jump with zeros, as xxd does on
# a pipe. A dump line at offset 2^47 asks for 128 TiB of zeros, which the
# output limit stops (written in pieces, never built whole).
# limit: max_output=1M
# expect-stop: output
# expect-stdout-bytes: 512K..1M
printf '7fffffffffff: 41\n' | xxd -r
