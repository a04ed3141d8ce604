# 499 000 colon commands on one line, 998 KB, just under the strict
# script limit: parsing must be quick and small, and the command budget
# ends the run.
# generate: ":;"*499000 "\n"
# expect-stop: commands
# expect-max-seconds: 2
