# `xz -9` needs about 100 MiB for its encoder (dictionary capped at 8 MiB,
# times its match finder): under a 10 MiB budget the charge is refused
# before anything is allocated, and the run stops on its memory limit.
# limit: max_memory=10M
# expect-stop: memory
echo data | xz -9 | wc -c
