# `bash -c 'bash -c ...'` nesting without end under the normal profile
# (256 MiB of memory): the call-depth limit (200) ends it.
# profile: normal
# expect-stop: call_depth
# expect-max-seconds: 3
export c='bash -c "$c"'
bash -c "$c"
