# A 999 999 999-column field: sandbash bounds printf widths (1 MiB) and
# refuses this one with an error instead of building a gigabyte.
# expect-stop: none
# expect-status: 1
# expect-stdout-empty:
# expect-stderr-contains: printf: `%*s': field width or precision too large
# expect-stderr-not-contains: printf: printf:
printf '%*s' 999999999 x
