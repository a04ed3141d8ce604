# One `echo` of 1.3 MB, in a single write, against a 1 MB output limit:
# the first megabyte is kept, not dropped. (Words with a long suffix: a
# word costs its text plus 64 bytes of memory, so `echo {1..500000}` is
# a memory stop under strict's 10 MiB: see memory/brace_words_overhead.sh.)
# limit: max_output=1M
# expect-stop: output
# expect-stdout-prefix: 1-padding-padding 2-padding-padding 3-padding-padding
# expect-stdout-bytes: 512K..1M
echo {1..60000}-padding-padding
