# Brace expansions around command substitutions whose bodies hold brace
# expansions around command substitutions, twelve deep (fuzz: `parse`,
# 14 s on 525 bytes). Expanding the braces while parsing would parse each
# body once per result of every enclosing brace: 5^12 parses. bash expands
# braces when the word runs; so does sandbash for braces around command
# text, and the script parses in linear time per level.
# expect-stop: none
# expect-status: 0
# expect-stdout: parsed
# expect-max-seconds: 2
s=x
for i in $(seq 12); do s="{0..3}[\$(echo $s)]"; done
eval "false && echo $s"
echo parsed
