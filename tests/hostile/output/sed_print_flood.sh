# `yes | sed p` doubles an endless stream: the output limit stops it.
# limit: max_output=1M
# expect-stop: output
# expect-stdout-prefix: y\ny\ny\n
yes | sed p
