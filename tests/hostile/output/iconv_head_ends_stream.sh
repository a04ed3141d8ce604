# iconv over an endless stream feeding `head`: the pipe closing ends it
# at once instead of converting forever.
# expect-stop: none
# expect-stdout: y
# expect-max-seconds: 2
yes | iconv -f UTF-8 -t UTF-16LE | iconv -f UTF-16LE -t UTF-8 | head -n1
