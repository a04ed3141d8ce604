# `mkdir -p` of a path 10 000 levels deep (20 000 bytes): refused as too
# long; nothing partial is left that breaks the sandbox.
# expect-stop: none
# expect-status: 1
# expect-stderr-contains: File name too long
# after: ls -d /tmp/deep/d 2>/dev/null | wc -l; cd /tmp && echo ok
# after-stdout-contains: ok
mkdir -p /tmp/deep/$(printf 'd/%.0s' {1..10000})
