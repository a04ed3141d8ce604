# Sixteen levels of braces inside one word, 40 bytes in all: there is
# no comma, so bash prints the word as it is. The parse must be quick:
# a slow parse is not stopped by the wall clock. See fuzz/FINDINGS.md F1.
# limit: wall_clock=1
# expect-stop: none
# expect-stdout: {{{{{{{{{{{{{{{{x}}}}}}}}}}}}}}}}
# expect-max-seconds: 1
echo {{{{{{{{{{{{{{{{x}}}}}}}}}}}}}}}}
