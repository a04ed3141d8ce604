# An endless compress/decompress pipeline ended by `head`: the closed pipe
# stops gunzip, then gzip, then yes, at once.
# expect-stop: none
# expect-stdout: y
# expect-max-seconds: 3
yes | gzip | gunzip | head -n 1
