mkdir -p d/e; touch d/e/f; du --inodes d; du -s --inodes d
