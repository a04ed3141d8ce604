# 400 000 backslashes in one word.
# generate: "echo " "\\\\"*200000 " | wc -c\n"
# expect-stop: none
# expect-stdout: 200001
# expect-max-seconds: 2
