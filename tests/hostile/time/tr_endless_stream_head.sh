# tr streams: translating an endless stream into `head` ends as soon as
# head has its ten bytes (tr then stops on the closed pipe), long before
# the wall clock.
# expect-stop: none
# expect-max-seconds: 1.5
# expect-stdout: n\nn\nn\nn\nn\n\c
yes | tr y n | head -c 10
