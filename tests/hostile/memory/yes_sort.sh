# `yes | sort`: sort buffers an endless input.
# expect-stop: memory
yes | sort
