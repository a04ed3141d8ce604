# One echo with 495 000 two-byte words, 990 KB of text. Its honest cost is
# far above the strict profile's 10 MB: GNU bash itself peaks at 191 MB of
# RSS on it. So under strict it must be a clean memory stop, refused before
# the parse (tool/tests/rss.rs checks the peak RSS stays flat); the same
# script under the normal profile runs (memory/parse_huge_words_normal).
# generate: "echo" " a"*495000 " | wc -c\n"
# expect-stop: memory
# expect-max-seconds: 1
