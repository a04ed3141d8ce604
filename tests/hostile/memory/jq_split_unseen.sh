# jq splitting a 4.5 MB string into 1.5 million pieces: jaq's `split`
# builds the whole array before any of sandbash's guards sees it, so the
# pieces (about 100 MB) are never charged. A demanding host expects the
# memory limit to stop it before the array is built.
# profile: normal
# limit: max_memory=8M
# expect-stop: memory
# expect-stderr-contains: jq: memory exhausted
jq -n '"a,b" * 1500000 | split(",") | length'
