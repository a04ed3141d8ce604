# An `ls --time-style=+FORMAT` directive asking for a field a trillion
# characters wide, once per file: the date formatter caps a width at 4096,
# so each line stays small.
# expect-stop: none
# expect-stdout-bytes: 4000..4300
# expect-max-seconds: 2
touch f
ls -l --time-style=+%999999999999Y f
