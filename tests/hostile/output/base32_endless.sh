# base32 encoding an endless stream streams its lines: the output limit
# stops it, and the lines printed up to the limit are kept.
# limit: max_output=1M
# expect-stop: output
# expect-stdout-prefix: PEFHSCTZBJ4QU6IKPEFHSCTZ
# expect-stdout-bytes: 512K..1M
yes | base32
