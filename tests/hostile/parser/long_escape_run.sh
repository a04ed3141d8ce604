# 400 000 backslashes in one word: 200 000 escape pieces, which the parse
# holds at about 400 bytes each (78 MB of RSS), so under the strict
# profile's 10 MB it is a memory stop before the parse; here, under the
# normal profile, it runs.
# profile: normal
# generate: "echo " "\\\\"*200000 " | wc -c\n"
# expect-stop: none
# expect-stdout: 200001
# expect-max-seconds: 2
