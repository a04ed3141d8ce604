# 150 nested brace groups are within the budget and run.
# generate: "{ "*150 "echo ok;" " }"*150 "\n"
# expect-stop: none
# expect-stdout: ok
