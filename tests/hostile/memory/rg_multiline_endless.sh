# `rg -U` must hold its whole input (a match may span lines); on an
# endless stream that is a memory limit stop, not an endless growth.
# expect-stop: memory
yes | rg -U 'x\ny'
