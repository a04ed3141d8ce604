# `tail -c 100M` of an endless stream would keep 100 MB.
# expect-stop: memory
seq inf | tail -c 100M
