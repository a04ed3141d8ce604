# String interpolation of a shared array: each piece is sized as it is
# made, and the pieces are joined with a sized `+`.
# profile: normal
# limit: max_memory=8M
# expect-stop: memory
# expect-stderr-contains: jq: memory exhausted
jq -n '"a"*100000 | [.,.,.,.,.,.,.,.] | [.,.,.,.,.,.,.,.] | [.,.,.,.,.,.,.,.] | [.,.,.,.,.,.,.,.] | "<\(.)>" | length'
