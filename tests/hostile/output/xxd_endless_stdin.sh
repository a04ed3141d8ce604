# `xxd` streams a dump of an endless input a line at a time: the output
# limit stops it, and the lines printed up to it are kept.
# limit: max_output=1M
# expect-stop: output
# expect-stdout-prefix: 00000000: 790a 790a
# expect-stdout-bytes: 512K..1M
yes | xxd
