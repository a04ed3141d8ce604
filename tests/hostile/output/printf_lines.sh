# printf reusing its format for 100 000 arguments: 1.4 MB.
# (200 000 brace words, ~20 MB of real memory, are a memory stop under
# strict's 10 MiB since words are charged 64 bytes beyond their text.)
# limit: max_output=1M
# expect-stop: output
# expect-stdout-prefix: 1-padding\n2-padding\n3-padding\n
# expect-stdout-bytes: 512K..1M
printf '%s-padding\n' {1..100000}
