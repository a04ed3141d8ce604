# A chain of 41 symlinks is one hop too many (the limit is 40, as Linux).
# symlink: /tmp/l0 -> l1
# symlink: /tmp/l1 -> l2
# symlink: /tmp/l2 -> l3
# symlink: /tmp/l3 -> l4
# symlink: /tmp/l4 -> l5
# symlink: /tmp/l5 -> l6
# symlink: /tmp/l6 -> l7
# symlink: /tmp/l7 -> l8
# symlink: /tmp/l8 -> l9
# symlink: /tmp/l9 -> l10
# symlink: /tmp/l10 -> l11
# symlink: /tmp/l11 -> l12
# symlink: /tmp/l12 -> l13
# symlink: /tmp/l13 -> l14
# symlink: /tmp/l14 -> l15
# symlink: /tmp/l15 -> l16
# symlink: /tmp/l16 -> l17
# symlink: /tmp/l17 -> l18
# symlink: /tmp/l18 -> l19
# symlink: /tmp/l19 -> l20
# symlink: /tmp/l20 -> l21
# symlink: /tmp/l21 -> l22
# symlink: /tmp/l22 -> l23
# symlink: /tmp/l23 -> l24
# symlink: /tmp/l24 -> l25
# symlink: /tmp/l25 -> l26
# symlink: /tmp/l26 -> l27
# symlink: /tmp/l27 -> l28
# symlink: /tmp/l28 -> l29
# symlink: /tmp/l29 -> l30
# symlink: /tmp/l30 -> l31
# symlink: /tmp/l31 -> l32
# symlink: /tmp/l32 -> l33
# symlink: /tmp/l33 -> l34
# symlink: /tmp/l34 -> l35
# symlink: /tmp/l35 -> l36
# symlink: /tmp/l36 -> l37
# symlink: /tmp/l37 -> l38
# symlink: /tmp/l38 -> l39
# symlink: /tmp/l39 -> l40
# symlink: /tmp/l40 -> l41
# expect-stop: none
# expect-status: 1
# expect-stdout: end
# expect-stderr-contains: cat: /tmp/l0: Too many levels of symbolic links
echo end > /tmp/l41
cat /tmp/l1
cat /tmp/l0
