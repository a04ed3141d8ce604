# Printing a shared array whose text is 400 MB: the text streams out in
# chunks as it is written (before: built whole, 400 MB of peak RSS), so
# the output limit stops it with the head of the output kept.
# profile: normal
# limit: max_memory=8M
# limit: max_output=1M
# expect-stop: output
# expect-stdout-prefix: [[[["aaaaaaaa
jq -n -c '"a"*100000 | [.,.,.,.,.,.,.,.] | [.,.,.,.,.,.,.,.] | [.,.,.,.,.,.,.,.] | [.,.,.,.,.,.,.,.]'
