# A here-document body of 240 000 `$x` under the normal profile (256 MB):
# it runs, and its parse (about 160 MB of RSS) fits the memory limit.
# profile: normal
# generate: "x=1\ncat <<EOF | wc -c\n" "$x"*240000 "\nEOF\n"
# expect-stop: none
# expect-stdout: 240001
# expect-max-seconds: 8
