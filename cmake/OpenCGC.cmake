# opencgc_add_library(name sources... [LINK libs...])
# A project library linked against the shared MLIR and LLVM dylibs, and
# installed with the CMake package (cmake/opencgcConfig.cmake.in).
function(opencgc_add_library name)
  cmake_parse_arguments(ARG "" "" "LINK;DEPENDS" ${ARGN})
  add_library(${name} STATIC ${ARG_UNPARSED_ARGUMENTS})
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  target_link_libraries(${name} PUBLIC ${ARG_LINK})
  # Installed for applications (find_package(opencgc), docs/api.md): the
  # exported target finds the installed headers.
  target_include_directories(${name} INTERFACE $<INSTALL_INTERFACE:include>)
  install(TARGETS ${name} EXPORT OpenCGCTargets
          ARCHIVE DESTINATION lib COMPONENT devel)
  if(ARG_DEPENDS)
    add_dependencies(${name} ${ARG_DEPENDS})
  endif()
endfunction()
