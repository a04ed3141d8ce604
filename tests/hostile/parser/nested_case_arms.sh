# A syntax error inside case arms nested 24 deep, none ended by `;;`
# (fuzz F26): brush-parser's grammar reads each such arm twice (as an arm,
# then as the last arm), so its time doubles per level: 1 s at 18, about
# a minute at 24. Its work is predicted before it runs and the command
# refused as a syntax error, which ends the script with status 2 (bash
# reports the `)`; valid arms like these are run: see the conformance
# case control/case_nested_arms_without_terminators).
# expect-stop: none
# expect-status: 2
# expect-stdout: before
# expect-stderr-contains: command too complex to parse
# expect-max-seconds: 1
echo before
case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) echo ); esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac
echo after
