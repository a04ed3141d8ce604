# jq: -r prints strings raw, -j without newlines, others as JSON
printf '"line1\\nline2"\n"tab\\tx"\n[1,"a"]\n' > in.json
jq -r . in.json
jq -j . in.json
echo
jq -r '.[]?' in.json
rm in.json
