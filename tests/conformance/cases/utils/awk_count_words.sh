# The classic word count, sorted.
printf 'the cat\nthe dog\nA cat the\n' | awk '{ for (i = 1; i <= NF; i++) count[tolower($i)]++ } END { for (w in count) print count[w], w }' | sort -k1,1nr -k2
