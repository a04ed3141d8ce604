# The EXIT trap tries to print more after the output limit was hit: it
# gets no more output room, and the output limit is the reported stop.
# limit: max_output=1M
# expect-stop: output
# expect-stdout-bytes: 512K..1M
# expect-stdout-not-contains: trap ran
trap 'echo trap ran; seq inf' EXIT
seq inf
