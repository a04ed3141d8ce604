# paste streams: pairing the lines of an endless stdin ends as soon as
# head has its line.
# expect-stop: none
# expect-max-seconds: 1.5
# expect-stdout: y	y
yes | paste - - | head -n 1
