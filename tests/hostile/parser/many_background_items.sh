# Twenty thousand background items in one brace group: each keeps its
# source text for `jobs`, found in one pass over the text (counting
# characters from the start for each would be quadratic); past
# `max_jobs` the jobs are refused and the script goes on.
# profile: normal
# limit: max_commands=1G
# expect-stop: none
# expect-stdout: end
# expect-max-seconds: 4
# generate: "{ " ":& "*20000 "}\necho end\n"
