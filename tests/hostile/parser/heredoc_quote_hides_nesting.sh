# An apostrophe in the body of a here-document is text, not a quote: the
# deep braces after it must still meet the nesting budget. The script is
# read a complete command at a time, as bash does: the here-document's
# command runs before the deep line is refused.
# generate: "{ "*100000 ":;" " }"*100000 "\n"
# expect-stop: none
# expect-status: 2
# expect-stdout: it's here
# expect-stderr-contains: maximum nesting depth exceeded (200)
cat <<END
it's here
END
