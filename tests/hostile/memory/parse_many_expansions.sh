# A here-document body of 450 000 `$x`, 900 KB of text: each expansion is
# a piece of its own in the parse, about 650 bytes each, so the parse
# alone peaked at 290 MB under the strict profile's 10 MB until the
# reader counted pieces as well as words. Refused before the parse now
# (tool/tests/rss.rs checks the peak RSS stays flat); 240 000 of them run
# under the normal profile (memory/parse_many_expansions_normal).
# generate: "x=1\ncat <<EOF | wc -c\n" "$x"*450000 "\nEOF\n"
# expect-stop: memory
# expect-max-seconds: 1
