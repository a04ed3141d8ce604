# One echo with 495 000 two-byte words, 990 KB of text, under the normal
# profile (256 MB): it runs, and the parse fits the memory limit. bash
# takes 0.5 s, sandbash 0.8 s alone; the bound leaves room for a loaded
# CI machine (3.3 s seen with the suite and a fuzzer on 2 cores) while a
# parse that went quadratic would still fail it.
# profile: normal
# generate: "echo" " a"*495000 " | wc -c\n"
# expect-stop: none
# expect-stdout: 990000
# expect-max-seconds: 8
