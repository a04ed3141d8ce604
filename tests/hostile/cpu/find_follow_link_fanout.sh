# With -L, levels each holding two links to the next level make 2^24
# distinct paths and no loop: the walk runs until the wall clock, which
# stops it within the bound (the walk checks the run's cancel).
# limit: wall_clock=1 max_output=100M
# symlink: /tmp/f/l1/a -> /tmp/f/l2
# symlink: /tmp/f/l1/b -> /tmp/f/l2
# symlink: /tmp/f/l2/a -> /tmp/f/l3
# symlink: /tmp/f/l2/b -> /tmp/f/l3
# symlink: /tmp/f/l3/a -> /tmp/f/l4
# symlink: /tmp/f/l3/b -> /tmp/f/l4
# symlink: /tmp/f/l4/a -> /tmp/f/l5
# symlink: /tmp/f/l4/b -> /tmp/f/l5
# symlink: /tmp/f/l5/a -> /tmp/f/l6
# symlink: /tmp/f/l5/b -> /tmp/f/l6
# symlink: /tmp/f/l6/a -> /tmp/f/l7
# symlink: /tmp/f/l6/b -> /tmp/f/l7
# symlink: /tmp/f/l7/a -> /tmp/f/l8
# symlink: /tmp/f/l7/b -> /tmp/f/l8
# symlink: /tmp/f/l8/a -> /tmp/f/l9
# symlink: /tmp/f/l8/b -> /tmp/f/l9
# symlink: /tmp/f/l9/a -> /tmp/f/l10
# symlink: /tmp/f/l9/b -> /tmp/f/l10
# symlink: /tmp/f/l10/a -> /tmp/f/l11
# symlink: /tmp/f/l10/b -> /tmp/f/l11
# symlink: /tmp/f/l11/a -> /tmp/f/l12
# symlink: /tmp/f/l11/b -> /tmp/f/l12
# symlink: /tmp/f/l12/a -> /tmp/f/l13
# symlink: /tmp/f/l12/b -> /tmp/f/l13
# symlink: /tmp/f/l13/a -> /tmp/f/l14
# symlink: /tmp/f/l13/b -> /tmp/f/l14
# symlink: /tmp/f/l14/a -> /tmp/f/l15
# symlink: /tmp/f/l14/b -> /tmp/f/l15
# symlink: /tmp/f/l15/a -> /tmp/f/l16
# symlink: /tmp/f/l15/b -> /tmp/f/l16
# symlink: /tmp/f/l16/a -> /tmp/f/l17
# symlink: /tmp/f/l16/b -> /tmp/f/l17
# symlink: /tmp/f/l17/a -> /tmp/f/l18
# symlink: /tmp/f/l17/b -> /tmp/f/l18
# symlink: /tmp/f/l18/a -> /tmp/f/l19
# symlink: /tmp/f/l18/b -> /tmp/f/l19
# symlink: /tmp/f/l19/a -> /tmp/f/l20
# symlink: /tmp/f/l19/b -> /tmp/f/l20
# symlink: /tmp/f/l20/a -> /tmp/f/l21
# symlink: /tmp/f/l20/b -> /tmp/f/l21
# symlink: /tmp/f/l21/a -> /tmp/f/l22
# symlink: /tmp/f/l21/b -> /tmp/f/l22
# symlink: /tmp/f/l22/a -> /tmp/f/l23
# symlink: /tmp/f/l22/b -> /tmp/f/l23
# symlink: /tmp/f/l23/a -> /tmp/f/l24
# symlink: /tmp/f/l23/b -> /tmp/f/l24
# symlink: /tmp/f/l24/a -> /tmp/f/l25
# symlink: /tmp/f/l24/b -> /tmp/f/l25
# expect-stop: timeout
# expect-max-seconds: 3
mkdir -p /tmp/f/l25
find -L /tmp/f/l1 | wc -l
