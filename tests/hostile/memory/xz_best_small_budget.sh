# `xz -9` wants about 100 MiB for its encoder (dictionary capped at
# 8 MiB, times its match finder): under a 10 MiB budget the dictionary is
# halved until the encoder fits, so it compresses (less well) instead of
# failing, and the decoder charges only the dictionary the stream declares.
# limit: max_memory=10M
# expect-stop: none
# expect-stdout: data
echo data | xz -9 | xz -dc
