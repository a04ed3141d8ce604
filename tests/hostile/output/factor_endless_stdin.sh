# factor on an endless stream of numbers: it answers each as it is read,
# so `head -n 1` gets its line at once and the pipeline ends.
# expect-stop: none
# expect-stdout: 12: 2 2 3
yes 12 | factor | head -n 1
