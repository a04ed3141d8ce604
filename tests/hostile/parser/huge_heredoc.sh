# A 900 KB here-document inside the script.
# generate: "cat <<'END' | wc -c\n" "x"*900000 "\nEND\n"
# expect-stop: none
# expect-stdout: 900001
# expect-max-seconds: 2
